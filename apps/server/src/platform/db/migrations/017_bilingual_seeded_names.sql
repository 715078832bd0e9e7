-- Issue #23: every name a person sees has both languages. Channel groups get a
-- Chinese name beside group_name, as nodes and channels have ch_name; the page
-- shows the one of its language and falls back to the other when it is blank.
ALTER TABLE channel_groups ADD COLUMN IF NOT EXISTS group_ch_name text NOT NULL DEFAULT '';

-- The demo factory's groups, seeded before the column existed.
UPDATE channel_groups
   SET group_ch_name = CASE group_name
         WHEN 'Lighting' THEN '照明'
         WHEN 'Air Conditioning' THEN '空調'
         WHEN 'Switched Loads' THEN '可切換負載'
       END
 WHERE group_ch_name = ''
   AND group_name IN ('Lighting', 'Air Conditioning', 'Switched Loads');

-- The shipped default tariff's source, stored before it had a Chinese text.
UPDATE tariff_versions
   SET definition = definition || jsonb_build_object(
         'source', 'Taipower rate table, high-voltage power, three-stage time-of-use, regular contract: https://www.taipower.com.tw/tc/page.aspx?mid=238',
         'sourceZh', '台灣電力公司電價表，高壓電力三段式時間電價，經常契約：https://www.taipower.com.tw/tc/page.aspx?mid=238')
 WHERE definition->>'source' = 'Taipower Company rate table (電價表), 高壓電力 三段式時間電價, 經常契約: https://www.taipower.com.tw/tc/page.aspx?mid=238'
   AND NOT definition ? 'sourceZh';

-- The shipped holiday calendar's names are Chinese; give each its English name
-- where a stored tariff still has none (names an admin typed are left alone).
UPDATE tariff_versions
   SET definition = jsonb_set(definition, '{holidays}', (
         SELECT coalesce(jsonb_agg(
                  CASE WHEN coalesce(h->>'nameEn', '') = '' THEN h || jsonb_build_object('nameEn',
                    CASE h->>'name'
             WHEN '中華民國開國紀念日' THEN 'Founding Day of the Republic of China'
             WHEN '農曆除夕' THEN 'Lunar New Year''s Eve'
             WHEN '春節' THEN 'Lunar New Year'
             WHEN '和平紀念日' THEN 'Peace Memorial Day'
             WHEN '兒童節及民族掃墓節' THEN 'Children''s Day and Tomb Sweeping Day'
             WHEN '兒童節' THEN 'Children''s Day'
             WHEN '民族掃墓節' THEN 'Tomb Sweeping Day'
             WHEN '勞動節' THEN 'Labor Day'
             WHEN '端午節' THEN 'Dragon Boat Festival'
             WHEN '中秋節' THEN 'Mid-Autumn Festival'
             WHEN '國慶日' THEN 'National Day'
                      ELSE ''
                    END)
                  ELSE h END ORDER BY ord), '[]'::jsonb)
           FROM jsonb_array_elements(definition->'holidays') WITH ORDINALITY AS e(h, ord)))
 WHERE jsonb_typeof(definition->'holidays') = 'array';
