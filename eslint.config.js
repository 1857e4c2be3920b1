// Lint: TypeScript's recommended rules, React hooks, the boundaries between shared, server and client, and
// between the server's modules (docs/decisions/019-module-boundaries.md).
import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const SERVER_NOT_CLIENT = {
  group: ['**/client/**', 'react', 'react-dom', 'react-router'],
  message: 'The server must not import the browser app.',
};

// The server's modules: each folder of src/server/modules/, and http, db and jobs.
const MODULES = [
  ...fs
    .readdirSync(new URL('./src/server/modules/', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ name: entry.name, dir: `src/server/modules/${entry.name}` })),
  ...['http', 'db', 'jobs'].map((name) => ({ name, dir: `src/server/${name}` })),
];

/**
 * One block per module: its files may not import another module's *.routes.ts, nor another module's
 * *.tables.ts (or db/schema.ts, which gathers them all) — they call the functions that module exports.
 * A *.tables.ts may import another's tables: that is a foreign key. Tests (*.test.ts, src/server/test/)
 * are free: they set rows up and check them in any table, and no module imports a test.
 */
function moduleBoundaries() {
  const others = (name) =>
    MODULES.filter((m) => m.name !== name)
      .map((m) => m.name)
      .join('|');
  // A relative specifier that ends in another module's folder: '../orders/x.ts', '../../modules/orders/x.ts',
  // '../modules/auth/x.ts' (from http/), '../../http/x.ts'.
  const into = (name, file) => `^(\\.\\./)+(modules/)?(${others(name)})/(${file})$`;
  const rule = (name, { tables }) => [
    'error',
    {
      patterns: [
        SERVER_NOT_CLIENT,
        {
          regex: into(name, '[^/]+\\.routes\\.ts'),
          message: "A module never imports another module's routes.",
        },
        ...(tables
          ? [
              {
                regex: into(name, '[^/]+\\.tables\\.ts|schema\\.ts'),
                message:
                  "Another module's tables are reached through the functions that module exports (a foreign key in a *.tables.ts excepted).",
              },
            ]
          : []),
      ],
    },
  ];
  // db/schema.ts gathers every table for Drizzle: it counts as a tables file.
  const tablesFiles = ['**/*.tables.ts', 'src/server/db/schema.ts'];
  return MODULES.flatMap(({ name, dir }) => [
    {
      files: [`${dir}/**/*.ts`],
      ignores: ['**/*.test.ts', ...tablesFiles],
      rules: { 'no-restricted-imports': rule(name, { tables: true }) },
    },
    {
      files: tablesFiles
        .map((f) => (f.startsWith('**') ? `${dir}/${f}` : f))
        .filter((f) => f.startsWith(dir)),
      rules: { 'no-restricted-imports': rule(name, { tables: false }) },
    },
  ]);
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      'data/**',
    ],
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
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', 'node:*'],
              message: 'The browser app must not import server code or Node modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_NOT_CLIENT] }] },
  },
  ...moduleBoundaries(),
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/client/**', 'node:*', 'react'],
              message: 'shared/ is plain TypeScript used by both sides.',
            },
          ],
        },
      ],
    },
  },
  // Last: formatting is Prettier's job (npm run format), so no lint rule may disagree with it.
  prettier,
);
