import { useState } from 'react';
import type { AdminUserTemplate } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/FormField';
import { useSaveTemplate } from '../api/template-save';
import {
  checkTemplateForm,
  emptyTemplateForm,
  templateFormValues,
  type TemplateFormValues,
} from '../model/template-form';
import { ReadNowPanel } from './ReadNowPanel';
import { RegisterRows } from './RegisterRows';
import { useTemplateMessage } from './use-template-message';

interface TemplateEditorProps {
  /** Null for a new template. */
  template: AdminUserTemplate | null;
  onDone: (saved: AdminUserTemplate | null) => void;
}

/** A template's maker, model, phases, read limit and registers; read now; save. */
export function TemplateEditor({ template, onDone }: TemplateEditorProps) {
  const { t } = useTranslation();
  const message = useTemplateMessage();
  const save = useSaveTemplate();
  const [form, setForm] = useState<TemplateFormValues>(() =>
    template ? templateFormValues(template) : emptyTemplateForm(),
  );
  const [problems, setProblems] = useState<{ path: string; message: string }[]>([]);
  const set = (patch: Partial<TemplateFormValues>) => setForm((f) => ({ ...f, ...patch }));
  /** The draft, or null with its problems shown. */
  const draft = () => {
    const checked = checkTemplateForm(form);
    setProblems(checked.ok ? [] : checked.problems);
    return checked.ok ? checked.draft : null;
  };
  const submit = () => {
    const definition = draft();
    if (!definition) return;
    save.mutate(
      { templateId: template?.id ?? null, definition },
      { onSuccess: (answer) => onDone(answer.template) },
    );
  };
  const text = (name: 'manufacturer' | 'model' | 'maxRegistersPerRead', numeric = false) => (
    <FormField label={t(`admin.gatewayTemplates.${name}`)} message={null}>
      {({ id }) => (
        <input
          id={id}
          className="wb-input"
          autoComplete="off"
          inputMode={numeric ? 'numeric' : undefined}
          value={form[name]}
          onChange={(e) => set({ [name]: e.target.value })}
        />
      )}
    </FormField>
  );

  return (
    <section className="wb-admin-panel" data-testid="template-editor">
      <h3 className="wb-admin-panel__subtitle">
        {template
          ? t('admin.gatewayTemplates.editTitle', { id: template.id })
          : t('admin.gatewayTemplates.newTitle')}
      </h3>
      {text('manufacturer')}
      {text('model')}
      <FormField label={t('admin.gatewayTemplates.phases')} message={null}>
        {({ id }) => (
          <select
            id={id}
            className="wb-select"
            value={form.phases}
            onChange={(e) => set({ phases: e.target.value === '3' ? '3' : '1' })}
          >
            <option value="1">1</option>
            <option value="3">3</option>
          </select>
        )}
      </FormField>
      {text('maxRegistersPerRead', true)}
      <RegisterRows rows={form.registers} onChange={(registers) => set({ registers })} />
      {problems.length > 0 && (
        <ul role="alert" data-testid="template-problems">
          {problems.map((p) => (
            <li key={`${p.path} ${p.message}`}>
              {p.path ? `${p.path}: ` : ''}
              {p.message}
            </li>
          ))}
        </ul>
      )}
      <ReadNowPanel draft={draft} />
      {save.isError && <p role="alert">{message(save.error)}</p>}
      <div className="wb-admin-panel__bar">
        <button
          type="button"
          className="wb-button wb-button--secondary"
          onClick={() => onDone(null)}
        >
          {t('admin.gatewayTemplates.cancel')}
        </button>
        <button
          type="button"
          className="wb-button wb-button--primary"
          disabled={save.isPending}
          onClick={submit}
        >
          {t('admin.gatewayTemplates.save')}
        </button>
      </div>
    </section>
  );
}
