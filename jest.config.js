// Two projects: the browser side in jsdom, the server side in plain Node.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: {
        react: { runtime: 'automatic' },
        optimizer: { globals: { vars: { 'import.meta.env': 'process.env' } } },
      },
    },
    module: { type: 'commonjs' },
  },
];
// react-dnd and friends, Storybook (composeStories in tests) and beasties' HTML and CSS-selector
// packages (the build's critical CSS, tests/unit/startupHtml.test.ts) ship ESM only.
const esmPackages = [
  'react-dnd', 'dnd-core', '@react-dnd', 'react-dnd-html5-backend', 'react-dnd-touch-backend', 'storybook', '@storybook',
  'boolbase', 'css-select', 'css-what', 'dom-serializer', 'domelementtype', 'domhandler', 'domutils', 'entities', 'htmlparser2', 'nth-check',
];

export default {
  // A hang detector, not a speed check: with a build running beside the suite on two cores, a component test that
  // renders the planner for the first time in its worker took over 5 s (jest's default) of wall time. Global:
  // jest-circus reads the timeout from the global config, not a project's.
  testTimeout: 15_000,
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/tests/unit', '<rootDir>/tests/components', '<rootDir>/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/setup-web.ts', '<rootDir>/tests/failOnConsole.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
      moduleNameMapper: { '\\.(css)$': '<rootDir>/tests/style-stub.cjs' },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/server'],
      // The real entry point bundled once for the tests that start it as a child process (bundleServer.ts).
      globalSetup: '<rootDir>/tests/server/bundleServer.ts',
      testMatch: ['**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/server/setup.ts', '<rootDir>/tests/failOnConsole.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.cjs$': swc },
      // jose 6 ships ESM only; PGlite's CommonJS build still loads node modules with import().
      transformIgnorePatterns: ['/node_modules/(?!(jose|@electric-sql/pglite)/)'],
    },
  ],
};
