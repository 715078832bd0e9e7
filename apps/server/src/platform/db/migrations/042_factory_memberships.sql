-- Several plants per person (issue #30, decision 0089). A person is one
-- `users` row (one login per e-mail, as before); what they may do is now per
-- factory: one membership per factory they belong to, with their role there.
-- `users.factory_id` stays: it is the person's home factory, where the account
-- was made, whose Admin manages its password and status, and where a sign-in
-- starts. Every existing user gets one membership (their home factory, their
-- role), so nobody gains or loses anything.
CREATE TABLE factory_memberships (
  factory_id integer NOT NULL REFERENCES factories (id),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('viewer', 'operator', 'manager')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (factory_id, user_id)
);
-- "My factories" reads a person's memberships across factories.
CREATE INDEX factory_memberships_user_idx ON factory_memberships (user_id);

INSERT INTO factory_memberships (factory_id, user_id, role, created_at)
  SELECT factory_id, id, role, created_at FROM users;

-- The membership is now the only place a role is kept.
ALTER TABLE users DROP COLUMN role;

-- A user always belongs to its home factory, from the moment it exists, so no
-- path that makes a user can leave one who cannot sign in. The role is
-- migration 034's default for a user made without one (manager: what everyone
-- could do before roles); the Admin page, single sign-on and the seed set the
-- real role in the same transaction.
CREATE FUNCTION add_home_membership() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO factory_memberships (factory_id, user_id, role)
    VALUES (NEW.factory_id, NEW.id, 'manager');
  RETURN NULL;
END
$$;
CREATE TRIGGER users_home_membership AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION add_home_membership();

-- The user named Admin administers its home factory (decision 0079's rule,
-- which reads the name only): it may never be a member of another factory,
-- or it would administer that one too.
CREATE FUNCTION admin_stays_home() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM users
              WHERE id = NEW.user_id AND username = 'Admin' AND factory_id <> NEW.factory_id) THEN
    RAISE EXCEPTION 'the user named Admin belongs to its own factory only';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER factory_memberships_admin_stays_home BEFORE INSERT OR UPDATE ON factory_memberships
  FOR EACH ROW EXECUTE FUNCTION admin_stays_home();

-- A session looks at one factory (the one `factoryId` 0 means). It must be a
-- factory the person belongs to: removing the membership deletes the
-- sessions looking at it.
ALTER TABLE sessions DROP CONSTRAINT sessions_factory_id_user_id_fkey;
ALTER TABLE sessions ADD CONSTRAINT sessions_membership_fkey
  FOREIGN KEY (factory_id, user_id) REFERENCES factory_memberships (factory_id, user_id)
  ON DELETE CASCADE;

-- A membership's change (a role, an added or removed person) ends the kept
-- session lookups of that factory, as a user's change does (migration 037).
CREATE TRIGGER factory_memberships_data_change_insert AFTER INSERT ON factory_memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION notify_factory_data_change();
CREATE TRIGGER factory_memberships_data_change_update AFTER UPDATE ON factory_memberships
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION notify_factory_data_change();
CREATE TRIGGER factory_memberships_data_change_delete AFTER DELETE ON factory_memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION notify_factory_data_change();
CREATE TRIGGER factory_memberships_data_change_truncate AFTER TRUNCATE ON factory_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION notify_all_data_change();
