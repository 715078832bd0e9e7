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
