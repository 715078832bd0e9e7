-- Issue #13 (Admin): users' status and password rules, retired nodes, and what the Admin calls need.
-- (Reserved for the Admin work; statements follow.)
SELECT 1;
