-- An emission factor's source in Chinese too (issue #27): Admin shows the
-- reader's language. The shipped sources get their Chinese text; a source a
-- person typed stays as typed (the page shows it when there is no other).
ALTER TABLE emission_factors ADD COLUMN source_zh text NOT NULL DEFAULT '';

UPDATE emission_factors SET source_zh = '經濟部能源署 2017–2023 年電力排碳係數（2024-04-26 公布；據今周刊 2024-04-26 報導）'
 WHERE source = 'MOEA Energy Administration, electricity emission factors 2017–2023 (announced 2024-04-26; as reported by Business Today, 2024-04-26)';
UPDATE emission_factors SET source_zh = '未確認：本產品先前的單一預設值；請查核能源署公告的 2024 年係數並在此更正'
 WHERE source = 'Unconfirmed: the earlier single default of this product; check the Energy Administration''s announcement of 2024''s factor and correct it here';
UPDATE emission_factors SET source_zh = '於 Admin › 工廠 輸入' WHERE source = 'Entered in Admin › Factory';
UPDATE emission_factors SET source_zh = '於按年係數之前在 Admin 輸入' WHERE source = 'Entered in Admin before factors by year';
