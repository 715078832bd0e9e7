-- PLACEHOLDER on branch several-plants only: migration 041 is the
-- user-templates branch's (user-defined meter templates). Migration versions
-- may have no gaps, so this stands in for it until that branch is merged;
-- on merge, take that branch's file of this name and drop this one.
SELECT 1;
