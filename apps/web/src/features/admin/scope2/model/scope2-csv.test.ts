import type { Scope2Point } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { csvNumber, csvText, scope2Csv, scope2FileName } from './scope2-csv';
import type { Scope2CsvTexts } from './scope2-csv';

const TEXTS: Scope2CsvTexts = {
  header: ['Billing point', 'Account number', 'Month', 'kWh', 't CO2e'],
  total: 'Total',
  factory: 'Whole factory',
  marketBased: 'Market-based',
  certificates: 'T-REC certificates',
  note: 'Emission factor 0.474 kg CO2e/kWh (2024); source: Energy Administration, "2025"',
};

const point = (nodeId: number, name: string, kwh: number[]): Scope2Point => ({
  nodeId,
  name,
  chName: `點${nodeId}`,
  accountNumber: `01-234-5678-${nodeId}`,
  months: kwh.map((value, index) => ({
    month: `2025-0${index + 1}`,
    kwh: value,
    tco2e: Math.round(value * 0.474) / 1000,
  })),
  kwh: kwh.reduce((a, b) => a + b, 0),
  tco2e: Math.round(kwh.reduce((a, b) => a + b, 0) * 0.474) / 1000,
});

describe('Scope 2 CSV', () => {
  it('quotes commas, quotes and line breaks, and keeps a formula-like text as text', () => {
    expect(csvText('Main')).toBe('Main');
    expect(csvText('Line 1, north')).toBe('"Line 1, north"');
    expect(csvText('The "big" one')).toBe('"The ""big"" one"');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('cr\r\nlf')).toBe('"cr\r\nlf"');
    expect(csvText('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvText('@x,y')).toBe('"\'@x,y"');
  });

  it('writes numbers without separators: kWh as they came, tonnes to 3 decimals', () => {
    expect(csvNumber(12345.678)).toBe('12345.678');
    expect(csvNumber(0.1 + 0.2)).toBe('0.3');
    expect(csvNumber(-12.5)).toBe('-12.5');
    expect(csvNumber(5.852, 3)).toBe('5.852');
    expect(csvNumber(5, 3)).toBe('5.000');
  });

  it('holds a BOM, the header, each point’s months and totals, the factory’s, market-based, the certificates and the note', () => {
    const a = point(1, 'Main, north', [12000, 11000.5]);
    const b = point(2, 'The "B" line', [3000, 2500]);
    const text = scope2Csv(
      {
        points: [a, b],
        months: [
          { month: '2025-01', kwh: 15000, tco2e: 7.11 },
          { month: '2025-02', kwh: 13500.5, tco2e: 6.399 },
        ],
        kwh: 28500.5,
        tco2e: 13.509,
        certificates: { kwh: 20000, note: 'T-REC, "batch 7"' },
        marketBased: { kwh: 8500.5, tco2e: 4.029 },
      },
      TEXTS,
      (p) => p.name,
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Billing point,Account number,Month,kWh,t CO2e',
      '"Main, north",01-234-5678-1,2025-01,12000,5.688',
      '"Main, north",01-234-5678-1,2025-02,11000.5,5.214',
      '"Main, north",01-234-5678-1,Total,23000.5,10.902',
      '"The ""B"" line",01-234-5678-2,2025-01,3000,1.422',
      '"The ""B"" line",01-234-5678-2,2025-02,2500,1.185',
      '"The ""B"" line",01-234-5678-2,Total,5500,2.607',
      'Whole factory,,2025-01,15000,7.110',
      'Whole factory,,2025-02,13500.5,6.399',
      'Whole factory,,Total,28500.5,13.509',
      'Market-based,,,8500.5,4.029',
      'T-REC certificates,,,20000,,"T-REC, ""batch 7"""',
      '',
      '"Emission factor 0.474 kg CO2e/kWh (2024); source: Energy Administration, ""2025"""',
      '',
    ]);
  });

  it('writes 0 certificates with an empty note; market-based then equals the total', () => {
    const text = scope2Csv(
      {
        points: [],
        months: [{ month: '2025-01', kwh: 1000, tco2e: 0.474 }],
        kwh: 1000,
        tco2e: 0.474,
        certificates: { kwh: 0, note: '' },
        marketBased: { kwh: 1000, tco2e: 0.474 },
      },
      TEXTS,
      (p) => p.name,
    );
    expect(text.split('\r\n').slice(3, 5)).toEqual([
      'Market-based,,,1000,0.474',
      'T-REC certificates,,,0,,',
    ]);
  });

  it('names the file by year', () => {
    expect(scope2FileName(2025)).toBe('scope2-2025.csv');
  });
});
