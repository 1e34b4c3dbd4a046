/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// One config for the dev server, the production build and the Vitest project "web".
export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'tools/**/*.test.{ts,tsx}'],
    css: false,
    // One jsdom and one module graph per worker, not per file: no test mocks a module, and the
    // setup file (run before every file) clears the DOM, storage, stubbed globals and fake timers
    // after each test, so a file starts as the one before it found the page.
    isolate: false,
    // Generous limits, so a busy machine (CI shares its cores) slows the suite without failing it.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
