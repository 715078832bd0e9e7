-- What each person may do inside their factory (issue #30, docs/roles.md):
-- viewer < operator < manager; the user named Admin may do everything whatever
-- this says. Everyone who existed before roles keeps what they could do (any
-- signed-in user could switch loads and change alarm settings), so the column
-- defaults to manager; the Admin page adds new people as viewers unless told.
ALTER TABLE users
  ADD COLUMN role text NOT NULL DEFAULT 'manager'
  CHECK (role IN ('viewer', 'operator', 'manager'));
