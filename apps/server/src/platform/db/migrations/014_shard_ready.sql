-- Issue #16 (ready to shard): the rules Citus needs to distribute the tenant tables by
-- factory_id and co-locate them, checked by test/shard/shard-catalog.test.ts:
-- every primary key and unique index of a tenant table holds factory_id, and every
-- foreign key between tenant tables pairs factory_id with factory_id.
-- factory_id is appended after the existing key columns, so every current plan (node_id
-- first, then time) is unchanged. Reference tables (factories, users, sessions, gateways,
-- announcements, ...) keep their global keys: see docs/scaling.md.

-- mail_outbox points at its event and its attachment through the factory, so its FKs go
-- before the keys they use.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_event_id_fkey;
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_attachment_id_fkey;
-- Every writer names the factory (mail/outbox.ts, mail/queue-event-mail.ts,
-- scheduled-reports/send-report.ts).
ALTER TABLE mail_outbox ALTER COLUMN factory_id SET NOT NULL;
ALTER TABLE mail_attachments ALTER COLUMN factory_id SET NOT NULL;

ALTER TABLE nodes DROP CONSTRAINT nodes_pkey, ADD PRIMARY KEY (id, factory_id);
ALTER TABLE events DROP CONSTRAINT events_pkey, ADD PRIMARY KEY (id, factory_id);
ALTER TABLE email_receivers DROP CONSTRAINT email_receivers_pkey, ADD PRIMARY KEY (id, factory_id);
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_pkey, ADD PRIMARY KEY (id, factory_id);
ALTER TABLE channel_groups DROP CONSTRAINT channel_groups_pkey, ADD PRIMARY KEY (id, factory_id);
ALTER TABLE channel_schedules DROP CONSTRAINT channel_schedules_pkey,
  ADD PRIMARY KEY (id, factory_id);
ALTER TABLE commands DROP CONSTRAINT commands_pkey, ADD PRIMARY KEY (id, factory_id);
ALTER TABLE audit_log DROP CONSTRAINT audit_log_pkey, ADD PRIMARY KEY (id, factory_id);
ALTER TABLE admin_jobs DROP CONSTRAINT admin_jobs_pkey, ADD PRIMARY KEY (id, factory_id);
ALTER TABLE scheduled_report_runs DROP CONSTRAINT scheduled_report_runs_pkey,
  ADD PRIMARY KEY (id, factory_id);
ALTER TABLE mail_attachments DROP CONSTRAINT mail_attachments_pkey, ADD PRIMARY KEY (id, factory_id);

ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_event_fkey
  FOREIGN KEY (factory_id, event_id) REFERENCES events (factory_id, id);
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_attachment_fkey
  FOREIGN KEY (factory_id, attachment_id) REFERENCES mail_attachments (factory_id, id);

-- The meter data: upserts name these keys in their ON CONFLICT targets (pipeline/, alarms/).
ALTER TABLE readings DROP CONSTRAINT readings_pkey, ADD PRIMARY KEY (node_id, ts, factory_id);
ALTER TABLE rollups_15m DROP CONSTRAINT rollups_15m_pkey,
  ADD PRIMARY KEY (node_id, bucket_start, factory_id);
ALTER TABLE rollups_1h DROP CONSTRAINT rollups_1h_pkey,
  ADD PRIMARY KEY (node_id, bucket_start, factory_id);
ALTER TABLE rollups_1d DROP CONSTRAINT rollups_1d_pkey,
  ADD PRIMARY KEY (node_id, bucket_start, factory_id);
ALTER TABLE latest_readings DROP CONSTRAINT latest_readings_pkey,
  ADD PRIMARY KEY (node_id, factory_id);
ALTER TABLE alarm_settings DROP CONSTRAINT alarm_settings_pkey,
  ADD PRIMARY KEY (node_id, target, factory_id);

DROP INDEX events_one_open_key;
CREATE UNIQUE INDEX events_one_open_key ON events (node_id, target, factory_id)
  WHERE state = 'unresolved';
