-- The grid emission factor per year (issue #27, decision 0078): each kWh's CO2
-- uses the factor of its own local year, so entering a new year's factor never
-- re-prices the years before. factories.co2_factor stays only as the factor of
-- a factory with no entry at all (docs/carbon.md).
CREATE TABLE emission_factors (
  factory_id integer NOT NULL REFERENCES factories (id) ON DELETE CASCADE,
  year integer NOT NULL CHECK (year BETWEEN 1990 AND 2100),
  kg_per_kwh double precision NOT NULL CHECK (kg_per_kwh >= 0 AND kg_per_kwh <= 5),
  source text NOT NULL DEFAULT '',
  PRIMARY KEY (factory_id, year)
);

-- Taiwan's published factors for every existing factory: the same list a new
-- factory starts with (modules/carbon/published-factors.ts, with its sources).
INSERT INTO emission_factors (factory_id, year, kg_per_kwh, source)
SELECT f.id, p.year, p.kg, p.source
  FROM factories f
 CROSS JOIN (VALUES
   (2017, 0.554, 'MOEA Energy Administration, electricity emission factors 2017–2023 (announced 2024-04-26; as reported by Business Today, 2024-04-26)'),
   (2018, 0.533, 'MOEA Energy Administration, electricity emission factors 2017–2023 (announced 2024-04-26; as reported by Business Today, 2024-04-26)'),
   (2019, 0.509, 'MOEA Energy Administration, electricity emission factors 2017–2023 (announced 2024-04-26; as reported by Business Today, 2024-04-26)'),
   (2020, 0.502, 'MOEA Energy Administration, electricity emission factors 2017–2023 (announced 2024-04-26; as reported by Business Today, 2024-04-26)'),
   (2021, 0.509, 'MOEA Energy Administration, electricity emission factors 2017–2023 (announced 2024-04-26; as reported by Business Today, 2024-04-26)'),
   (2022, 0.495, 'MOEA Energy Administration, electricity emission factors 2017–2023 (announced 2024-04-26; as reported by Business Today, 2024-04-26)'),
   (2023, 0.494, 'MOEA Energy Administration, electricity emission factors 2017–2023 (announced 2024-04-26; as reported by Business Today, 2024-04-26)'),
   (2024, 0.474, 'Unconfirmed: the earlier single default of this product; check the Energy Administration''s announcement of 2024''s factor and correct it here')
 ) AS p (year, kg, source);

-- A factor changed by hand before this migration was meant for the present:
-- it becomes the current local year's entry rather than re-pricing history.
INSERT INTO emission_factors (factory_id, year, kg_per_kwh, source)
SELECT id, extract(year FROM now() AT TIME ZONE time_zone)::integer, co2_factor,
       'Entered in Admin before factors by year'
  FROM factories
 WHERE co2_factor <> 0.474
ON CONFLICT (factory_id, year) DO UPDATE SET kg_per_kwh = EXCLUDED.kg_per_kwh,
                                             source = EXCLUDED.source;
