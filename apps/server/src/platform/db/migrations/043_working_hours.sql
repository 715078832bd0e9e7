-- A factory's working hours by day type (issue #27, decision 0091): what the
-- waste finder counts as "when nobody works". Periods are {from, to} on
-- quarter hours, as Admin › Factory saves them (the contract's workingHours).
-- Every factory so far had the demo factory's, which the finder used for all:
-- the default keeps that until an Admin sets their own.
ALTER TABLE factories ADD COLUMN working_hours jsonb NOT NULL DEFAULT
  '{"weekday": [{"from": "06:00", "to": "22:00"}],
    "saturday": [{"from": "08:00", "to": "17:00"}],
    "sundayHoliday": []}'::jsonb;
