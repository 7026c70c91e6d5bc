// Lint: typescript-eslint's recommended rules plus the layer boundaries of docs/architecture.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const RENDER_LIBS = ['pixi.js', 'pixi.js/*', 'pixi-viewport'];
const SHARED_STATE_LIBS = ['yjs', 'y-websocket', 'y-protocols', 'y-protocols/*'];
const SERVER_ROLLS = ['@dice-roller/rpg-dice-roller', 'mathjs'];
const NODE_ONLY = ['node:*', 'ws', 'better-sqlite3', '@y/websocket-server', '@y/websocket-server/*'];

/** One boundary rule: `folder` may not import `patterns`, nor these folders of ours. */
function boundary(folder, { libs = [], layers = [], typeOnly = [], dom = false }) {
  const layerPatterns = [
    ...layers.map((layer) => ({
      group: [`**/${layer}/**`, `**/${layer}`],
      message: `src/${folder}/ may not import src/${layer}/ (see docs/architecture.md).`,
    })),
    // Types only: e.g. the renderer reads the table's snapshot type but never the live document.
    ...typeOnly.map((layer) => ({
      group: [`**/${layer}/**`, `**/${layer}`],
      allowTypeImports: true,
      message: `src/${folder}/ may import only types from src/${layer}/ (see docs/architecture.md).`,
    })),
  ];
  return {
    files: [`src/${folder}/**/*.ts`, `src/${folder}/**/*.tsx`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(libs.length
              ? [{ group: libs, message: `src/${folder}/ stays pure: no ${libs.join(', ')}.` }]
              : []),
            ...layerPatterns,
          ],
        },
      ],
      ...(dom
        ? {
            'no-restricted-globals': [
              'error',
              { name: 'window', message: `src/${folder}/ is pure: no DOM.` },
              { name: 'document', message: `src/${folder}/ is pure: no DOM.` },
              { name: 'localStorage', message: `src/${folder}/ is pure: no DOM.` },
            ],
          }
        : {}),
    },
  };
}

// The panel view library belongs to src/ui/ only.
const VIEW_LIBS = ['preact', 'preact/*', '@preact/signals', '@preact/signals-core'];
const PURE = [...RENDER_LIBS, ...SHARED_STATE_LIBS, ...NODE_ONLY, ...VIEW_LIBS];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // CommonJS shared by the server and its storage worker (src/server/journalFormat.cjs).
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', Buffer: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  boundary('lib', {
    libs: PURE,
    layers: ['schema', 'grid', 'rules', 'table', 'server', 'render', 'ui'],
    dom: true,
  }),
  boundary('schema', { libs: PURE, layers: ['grid', 'rules', 'table', 'server', 'render', 'ui'], dom: true }),
  boundary('grid', { libs: PURE, layers: ['rules', 'table', 'server', 'render', 'ui'], dom: true }),
  boundary('rules', { libs: PURE, layers: ['table', 'server', 'render', 'ui'], dom: true }),
  boundary('table', {
    libs: [...RENDER_LIBS, ...NODE_ONLY, ...VIEW_LIBS],
    layers: ['server', 'render', 'ui'],
    dom: true,
  }),
  // Command-line tools read files and re-derive outcomes: never the server, the renderer or the page.
  boundary('tools', { libs: [...RENDER_LIBS, ...VIEW_LIBS], layers: ['server', 'render', 'ui'], dom: true }),
  boundary('server', { libs: [...RENDER_LIBS, ...VIEW_LIBS], layers: ['render', 'ui'], dom: true }),
  boundary('render', {
    libs: [...SHARED_STATE_LIBS, ...NODE_ONLY, ...VIEW_LIBS],
    layers: ['server', 'ui'],
    typeOnly: ['table'],
  }),
  // The dice notation library pulls in mathjs: the server rolls, the page only shows the dice.
  boundary('ui', { libs: [...NODE_ONLY, ...SERVER_ROLLS], layers: ['server', 'table/dice'] }),
  // Browser specs take `test` from the shared fixture: one server per worker, and nothing a test
  // opens outlives it (docs/testing.md). Types may still come from Playwright.
  {
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              allowTypeImports: true,
              message: "Browser specs import test and expect from './fixtures' (docs/testing.md).",
            },
          ],
        },
      ],
    },
  },
);
