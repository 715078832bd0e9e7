import { QUANTITIES, REGISTER_TYPES, type Quantity } from '@wattboard/contract';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import { newRegister, unitsFor, type RegisterRow } from '../model/template-form';

interface RegisterRowsProps {
  rows: RegisterRow[];
  onChange: (rows: RegisterRow[]) => void;
}

/** The registers of a template being edited: one row each, every setting a select or a number. */
export function RegisterRows({ rows, onChange }: RegisterRowsProps) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<RegisterRow>) =>
    onChange(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const unused = QUANTITIES.filter((q) => !rows.some((r) => r.quantity === q));
  const label = (name: string, i: number) =>
    `${t(`admin.gatewayTemplates.register.${name}`)} ${i + 1}`;
  return (
    <div>
      <ResponsiveTable label={t('admin.gatewayTemplates.registers')}>
        <table className="wb-table wb-admin-table" data-testid="template-registers">
          <caption className="wb-visually-hidden">{t('admin.gatewayTemplates.registers')}</caption>
          <thead>
            <tr>
              {[
                'quantity',
                'functionCode',
                'address',
                'type',
                'wordOrder',
                'byteSwap',
                'multiplier',
                'unit',
              ].map((name) => (
                <th key={name} scope="col">
                  {t(`admin.gatewayTemplates.register.${name}`)}
                </th>
              ))}
              <th scope="col">{t('admin.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                <td>
                  <select
                    className="wb-select"
                    aria-label={label('quantity', i)}
                    value={row.quantity}
                    onChange={(e) => {
                      const quantity = e.target.value as Quantity;
                      set(i, { quantity, unit: unitsFor(quantity)[0]! });
                    }}
                  >
                    {[row.quantity, ...unused].map((q) => (
                      <option key={q} value={q}>
                        {t(`admin.gatewayTemplates.quantity.${q}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <select
                    className="wb-select"
                    aria-label={label('functionCode', i)}
                    value={row.functionCode}
                    onChange={(e) => set(i, { functionCode: e.target.value === '3' ? '3' : '4' })}
                  >
                    <option value="3">3</option>
                    <option value="4">4</option>
                  </select>
                </td>
                <td>
                  <input
                    className="wb-input"
                    inputMode="numeric"
                    aria-label={label('address', i)}
                    value={row.address}
                    onChange={(e) => set(i, { address: e.target.value })}
                  />
                </td>
                <td>
                  <select
                    className="wb-select"
                    aria-label={label('type', i)}
                    value={row.type}
                    onChange={(e) => set(i, { type: e.target.value as RegisterRow['type'] })}
                  >
                    {REGISTER_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {type}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <select
                    className="wb-select"
                    aria-label={label('wordOrder', i)}
                    value={row.wordOrder}
                    onChange={(e) =>
                      set(i, { wordOrder: e.target.value === 'little' ? 'little' : 'big' })
                    }
                  >
                    <option value="big">{t('admin.gatewayTemplates.register.big')}</option>
                    <option value="little">{t('admin.gatewayTemplates.register.little')}</option>
                  </select>
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={label('byteSwap', i)}
                    checked={row.byteSwap}
                    onChange={(e) => set(i, { byteSwap: e.target.checked })}
                  />
                </td>
                <td>
                  <input
                    className="wb-input"
                    inputMode="decimal"
                    aria-label={label('multiplier', i)}
                    value={row.multiplier}
                    onChange={(e) => set(i, { multiplier: e.target.value })}
                  />
                </td>
                <td>
                  <select
                    className="wb-select"
                    aria-label={label('unit', i)}
                    value={row.unit}
                    onChange={(e) => set(i, { unit: e.target.value as RegisterRow['unit'] })}
                  >
                    {unitsFor(row.quantity).map((u) => (
                      <option key={u} value={u}>
                        {u}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <button
                    type="button"
                    className="wb-button wb-button--secondary"
                    aria-label={label('remove', i)}
                    onClick={() => onChange(rows.filter((_, j) => j !== i))}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ResponsiveTable>
      {unused.length > 0 && (
        <button
          type="button"
          className="wb-button wb-button--secondary"
          onClick={() => onChange([...rows, newRegister(unused[0]!)])}
        >
          {t('admin.gatewayTemplates.addRegister')}
        </button>
      )}
    </div>
  );
}
