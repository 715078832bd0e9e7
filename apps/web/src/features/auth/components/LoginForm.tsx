import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/Spinner';
import {
  loadSignInCore,
  loadedSignInCore,
  usePreloadSignInCore,
  useSignIn,
} from '../api/use-sign-in';
import type { SignInFieldErrors, SignInFormValues } from '../sign-in-validation';
import { SsoButton } from './SsoButton';
import { TextField } from './TextField';

export function LoginForm() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  usePreloadSignInCore();
  const [values, setValues] = useState<SignInFormValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInFieldErrors>({});
  // Like most forms: quiet while typing until the first submit, then live.
  const [submitted, setSubmitted] = useState(false);
  const inputs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  // The sign-in chunk (rules, call, answers) is in once anything was submitted;
  // without it a failed sign-in is a failed fetch of that chunk: an exception.
  const core = loadedSignInCore();
  const failure =
    signIn.status !== 'error'
      ? null
      : core
        ? core.classifySignInFailure(signIn.error)
        : ({ kind: 'exception' } as const);
  const busy = signIn.status === 'pending' || signIn.status === 'success';

  const fieldMessage = (field: keyof SignInFormValues) => {
    const key = errors[field];
    return key && core ? t(key, { min: core.minimumLength[field] }) : null;
  };
  const passwordMessage =
    fieldMessage('password') ??
    (failure?.kind === 'incorrect' ? t('login.errors.incorrect') : null);
  const formMessage =
    failure?.kind === 'too-many'
      ? t(
          failure.wait.unit === 'seconds'
            ? 'login.errors.tooManyAttemptsSeconds'
            : 'login.errors.tooManyAttempts',
          { count: failure.wait.count },
        )
      : failure?.kind === 'exception'
        ? t('login.errors.exception')
        : null;

  const update = (field: keyof SignInFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // The rule's chunk is in by the first submit (it is what the submit checked with).
    if (submitted && core) {
      const result = core.validateSignInForm(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    let rules = core;
    try {
      rules ??= await loadSignInCore();
    } catch {
      // The code could not be fetched (offline): the sign-in's own error path says so.
      void signIn.submit(values);
      return;
    }
    const result = rules.validateSignInForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      (result.errors.email ? inputs.email : inputs.password).current?.focus();
      return;
    }
    setErrors({});
    void signIn.submit(result.values);
  };

  return (
    <form className="wb-login-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        ref={inputs.email}
        label={t('login.account')}
        message={fieldMessage('email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        placeholder={t('login.accountPlaceholder')}
        value={values.email}
        onChange={(event) => update('email', event.target.value)}
      />
      <TextField
        ref={inputs.password}
        label={t('login.password')}
        message={passwordMessage}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(event) => update('password', event.target.value)}
      />
      {formMessage && (
        <p className="wb-login-form__error" role="alert">
          {formMessage}
        </p>
      )}
      <button type="submit" className="wb-button wb-button--primary" disabled={busy}>
        {busy && <Spinner size="sm" />}
        {busy ? t('login.submitting') : t('login.submit')}
      </button>
      <SsoButton email={values.email} />
    </form>
  );
}
