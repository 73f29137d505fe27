// ESLint over the whole repository: typescript-eslint's type-checked rules and React's hooks rules.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', '**/dist/', 'test/.artifacts/', 'web/generated/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['*.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // An async function that only throws must still reject rather than throw synchronously: service methods and
      // adapters promise a Promise to every caller, so `async` without `await` is deliberate here.
      '@typescript-eslint/require-await': 'off',
      // Parameters of overridable methods (Service's base CRUD methods) name the contract even when unused.
      '@typescript-eslint/no-unused-vars': ['error', { args: 'none', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  { files: ['web/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  {
    // Tests read untyped JSON answers and throw and reject non-Error values on purpose (hostile programs); the
    // promise rules (no-floating-promises, no-misused-promises, await-thenable) and the rest stay on.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      // Record ids in tests are `unknown` until asserted; they are interpolated into paths.
      '@typescript-eslint/restrict-template-expressions': 'off',
      // `expect(service.method)` and spies pass methods around without calling them.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Lesson programs are what a learner reads: starters leave imports for the learner to use, and `${name}` of a
    // body value is the idiom the lessons teach. The promise rules stay on.
    files: ['lessons/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
);
