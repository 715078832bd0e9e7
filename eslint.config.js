// One ESLint config for the whole monorepo.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';

const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// Imports flow shared (components, lib) -> features -> app. A feature never
// imports another feature, and shared code never imports features or app.
const boundaryRules = [
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/(features|app)(/|$)|(^|/)(features|app)/',
              message: 'Shared code (components, lib) must not import features or app.',
            },
          ],
        },
      ],
    },
  },
  ...features.map((name) => ({
    files: [`apps/web/src/features/${name}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/features/(?!${name}(/|$))`,
              message: 'Features must not import other features; compose them in app/.',
            },
            { regex: '^@/app(/|$)', message: 'Features must not import from app/.' },
            {
              regex: '^(\\.\\./)+(features|app)(/|$)|^\\.\\./\\.\\./(?!\\.)',
              message: 'Use @/ imports to leave a feature folder.',
            },
          ],
        },
      ],
    },
  })),
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.tools/**', 'data/**', '**/coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...boundaryRules,
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**', 'scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
