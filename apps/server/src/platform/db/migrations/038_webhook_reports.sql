-- Scheduled reports to webhook destinations (issue #28, decision 0083): a
-- destination may take each produced report as a signed, expiring download
-- link. Existing destinations do not: a report is a new kind of message a
-- channel never got before, and a chat set up for alarms should not start
-- receiving weekly files unasked (unlike migration 028's `offline`, which
-- kept what `alarms` already delivered).
ALTER TABLE webhook_destinations ADD COLUMN reports boolean NOT NULL DEFAULT false;

-- A report delivery has no event: Admin › Outbox shows its subject from here.
ALTER TABLE webhook_outbox ADD COLUMN subject_en text;
ALTER TABLE webhook_outbox ADD COLUMN subject_zh text;
