import { describe, expect, it } from 'vitest';
import { billReason, billRule, csvProblem } from './import-problem';

/** The server's import refusals (apps/server bill-csv), read back into their parts. */
describe('csvProblem', () => {
  it('reads a row refusal: row, column and the reason as a translation', () => {
    expect(
      csvProblem('row 2, accountNumber: no billing point has the account 01-2345-6789-0'),
    ).toEqual({
      kind: 'row',
      row: '2',
      column: 'accountNumber',
      reason: { key: 'admin.bills.import.noAccount', values: { account: '01-2345-6789-0' } },
    });
    expect(csvProblem('row 3, total: Expected a number')).toMatchObject({
      row: '3',
      column: 'total',
      reason: { key: 'admin.bills.fields.notNumber' },
    });
    expect(csvProblem('row 4, total: total must be 0 or more')).toMatchObject({
      reason: { key: 'admin.validation.atLeast', values: { min: '0' } },
    });
    expect(csvProblem('row 5, periodTo: periodTo must not be before periodFrom')).toMatchObject({
      reason: { key: 'admin.validation.order' },
    });
    expect(csvProblem('row 6, periodTo: the period is at most 62 days')).toMatchObject({
      reason: { key: 'admin.validation.rangeDays', values: { max: '62' } },
    });
  });

  it('quotes a row reason it does not know rather than call it invalid', () => {
    expect(csvProblem('row 7, kwhPeak: something new')).toMatchObject({
      reason: { key: 'admin.bills.import.asSaid', values: { message: 'something new' } },
    });
  });

  it("reads the file's refusals: unknown or missing column, no rows, bad CSV", () => {
    expect(csvProblem('csv: unknown column kwh, Total')).toEqual({
      kind: 'file',
      text: { key: 'admin.bills.import.unknownColumn', values: { columns: 'kwh, Total' } },
    });
    expect(csvProblem('csv: the column total is missing')).toEqual({
      kind: 'file',
      text: { key: 'admin.bills.import.missingColumn', values: { column: 'total' } },
    });
    expect(csvProblem('csv: no bill rows under the header')).toEqual({
      kind: 'file',
      text: { key: 'admin.bills.import.noRows' },
    });
    expect(csvProblem('csv: Invalid Closing Quote: got "x" at line 2')).toEqual({
      kind: 'file',
      text: {
        key: 'admin.bills.import.malformed',
        values: { message: 'Invalid Closing Quote: got "x" at line 2' },
      },
    });
  });

  it('leaves any other refusal to the shared Admin texts', () => {
    expect(csvProblem('Only the Admin may do this.')).toBeNull();
  });
});

describe('billRule / billReason', () => {
  it('says what is wrong with a figure that is no number or too large', () => {
    expect(billRule('Expected a number')).toEqual({ key: 'admin.bills.fields.notNumber' });
    expect(billRule('kwhPeak is too large')).toEqual({ key: 'admin.bills.fields.tooLarge' });
    expect(billRule('total must be 0 or more')).toBeNull();
    expect(billReason('total must be 0 or more')).toEqual({
      key: 'admin.validation.atLeast',
      values: { min: '0' },
    });
    expect(billReason('no idea')).toBeNull();
  });
});
