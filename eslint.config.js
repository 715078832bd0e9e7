// One ESLint config for the whole monorepo.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync, existsSync } from 'node:fs';

const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// Zone arithmetic has one home, packages/zone-time, for the server and the
// client alike: nothing else imports @date-fns/tz, and the apps use the
// package through its entry point, never its files.
const zoneTimeImports = {
  paths: [
    {
      name: '@date-fns/tz',
      message: 'Time zones are @wattboard/zone-time’s: import what you need from it.',
    },
  ],
  patterns: [
    {
      regex: '^@wattboard/zone-time/|(^|/)packages/zone-time(/|$)',
      message: 'Import @wattboard/zone-time itself, not its files.',
    },
  ],
};

const zoneTimeRules = {
  files: ['**/*.{js,ts,tsx}'],
  ignores: ['packages/zone-time/**'],
  rules: { 'no-restricted-imports': ['error', zoneTimeImports] },
};

// Imports flow shared (components, lib) -> features -> app. A feature never
// imports another feature, and shared code never imports features or app.
// (A later no-restricted-imports replaces an earlier one, so these repeat zoneTimeImports.)
const boundaryRules = [
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: zoneTimeImports.paths,
          patterns: [
            ...zoneTimeImports.patterns,
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
          paths: zoneTimeImports.paths,
          patterns: [
            ...zoneTimeImports.patterns,
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

const serverModulesDir = new URL('./apps/server/src/modules/', import.meta.url);
const serverModules = existsSync(serverModulesDir)
  ? readdirSync(serverModulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// The server by modules (docs/architecture.md): a module reaches another only
// through its index.ts; platform/ never imports a module; no import cycles.
const serverRules = {
  files: ['apps/server/src/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver()],
    'import-x/extensions': ['.ts'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
  },
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'import-x/no-duplicates': 'error',
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          {
            target: './apps/server/src/platform',
            from: './apps/server/src/modules',
            message: 'platform/ is shared infrastructure: it must not import a module.',
          },
          ...serverModules.map((name) => ({
            target: `./apps/server/src/modules/${name}`,
            from: './apps/server/src/modules',
            except: [`./${name}`, ...serverModules.map((other) => `./${other}/index.ts`)],
            message: 'Use the other module through its index.ts.',
          })),
        ],
      },
    ],
  },
};

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
  zoneTimeRules,
  ...boundaryRules,
  // The web app's test fakes and harnesses live in apps/web/src/testing: tests
  // and the testing folder may import them, the app's own code never does.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportDeclaration',
          'ExportNamedDeclaration',
          'ExportAllDeclaration',
          'ImportExpression',
        ].map((node) => ({
          selector: `${node}[source.value=/^@\\u002Ftesting(\\u002F|$)|(^|\\u002F)testing(\\u002F|$)/]`,
          message: 'Only tests may import from the testing folder (apps/web/src/testing).',
        })),
      ],
    },
  },
  serverRules,
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**', 'scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
