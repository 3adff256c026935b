import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { srcAlias } from './vite/alias.ts';
import { callDescriptorsPlugin } from './vite/call-descriptors-plugin.ts';
import { firstPaintPlugin } from './vite/first-paint-plugin.ts';

const API_TARGET = 'http://127.0.0.1:3000';
const proxied = ['/client-api', '/ops-api', '/__dev', '/assets-api'];

/** The chunks whose file names say what they are (the groups below and the card SDK). */
const NAMED_CHUNKS = new Set(['react', 'app', 'ui', 'home', 'membership', 'bookings']);

const config: UserConfig = {
  plugins: [react(), callDescriptorsPlugin(), firstPaintPlugin()],
  resolve: { alias: srcAlias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The first page carries the name of every chunk (what each route preloads): a page's
        // chunks go by their hash alone; the named groups (react, app, ui...) keep names.
        chunkFileNames: (chunk) =>
          NAMED_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            // Everything the first page needs in one file: fewer requests, better compression.
            { name: 'app', tags: ['$initial'], priority: 2 },
            // Used by every page's dialogs and footer: apart from the home page's chunk below.
            { name: 'ui', test: /src[\\/]shared[\\/]ui[\\/](modal|external-link)\./, priority: 1 },
            // The home page's own modules, loaded together with its route.
            {
              name: 'home',
              test: /src[\\/](features[\\/]home|shared[\\/](airport-search|lib[\\/]normalise-text))[\\/.]/,
            },
            // An area's pages share most of their code: one file for the area (each shared piece
            // a chunk apart would lengthen the first page's table of what every route preloads).
            // Their own modules only: what other pages use too (zod, the form kit) stays shared.
            // The digital card's page (QR and one-time codes) stays apart.
            {
              name: 'membership',
              test: /src[\\/]features[\\/]membership[\\/](?!components[\\/]digital-card|lib[\\/]card-qr)/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'bookings',
              test: /src[\\/]features[\\/]bookings[\\/]/,
              includeDependenciesRecursively: false,
            },
            // The form kit, used by most pages behind a login: one file instead of a dozen, so
            // every route's preload table in the first load names one chunk instead of each. The
            // mobile fields apart: they bring the numbering plans (37 KB) to the pages that ask.
            {
              name: 'forms',
              test: /src[\\/]shared[\\/]forms[\\/](?!mobile-)/,
              includeDependenciesRecursively: false,
            },
            // The contract's field rules the forms check (apart: the card rules, for card pages
            // only, and the mobile rule with its numbering plans), and the small helpers of the pages
            // behind a login (money and dates, downloads, load states, countdowns): two files
            // instead of a dozen tiny ones, each named in most routes' preload tables.
            {
              name: 'rules',
              test: /packages[\\/]contract[\\/]src[\\/]rules[\\/](?!card-|mobile\.)/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'kit',
              test: /src[\\/]shared[\\/](lib[\\/](format-money|format-dates|kept-by|download-blob|use-countdown)|api[\\/]error-message|ui[\\/](download-button|load-state))\./,
              includeDependenciesRecursively: false,
            },
            // The dining and spa offer pages (their two route modules too: one file, one entry
            // in every route's preload table) and the voucher list of My Bookings.
            {
              name: 'offers',
              test: /src[\\/](features|app[\\/]routes)[\\/]offers[\\/]/,
              includeDependenciesRecursively: false,
            },
            // No group for the booking steps (lounge and fast track): one file for all of them
            // made step 1 load every step's imports (the review's mobile numbering plans, the
            // card dialog, the QR code: 285 KB of scripts, 219 KB without; issue 23).
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_TARGET }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_TARGET }])),
  },
};

export default defineConfig(({ command, mode }) => {
  // A build is what production serves, whatever NODE_ENV the shell exported: Vite keeps a set
  // NODE_ENV, and NODE_ENV=development would ship React's development bundle (~60 KB more).
  // Only an explicit `--mode development` makes a development build.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return config;
});
