import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/Spinner';
import { useSignIn } from '../api/sign-in';
import { classifySignInFailure, minimumLength, validateSignInForm } from '../sign-in-validation';
import type { SignInFieldErrors, SignInFormValues } from '../sign-in-validation';
import { TextField } from './TextField';

export function LoginForm() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [values, setValues] = useState<SignInFormValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInFieldErrors>({});
  // Like most forms: quiet while typing until the first submit, then live.
  const [submitted, setSubmitted] = useState(false);
  const inputs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const failure = signIn.status === 'error' ? classifySignInFailure(signIn.error) : null;
  const busy = signIn.status === 'pending' || signIn.status === 'success';

  const fieldMessage = (field: keyof SignInFormValues) => {
    const key = errors[field];
    return key ? t(key, { min: minimumLength[field] }) : null;
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
    if (submitted) {
      const result = validateSignInForm(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const result = validateSignInForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      (result.errors.email ? inputs.email : inputs.password).current?.focus();
      return;
    }
    setErrors({});
    void signIn.submit(result.values);
  };

  return (
    <form className="wb-login-form" noValidate onSubmit={onSubmit}>
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
    </form>
  );
}
