-- Issue #12 (Control): tables, columns and indexes the scheduler, the commands and the Control calls need.
-- (Reserved for the Control work; statements follow.)
SELECT 1;
