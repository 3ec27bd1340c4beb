// Runs before every web test file (vitest.config.ts: setupFiles): Testing Library's findBy and
// waitFor wait as long as `eventually` does (eventually.ts says why).
import { configure } from '@testing-library/react';
import { ASYNC_WAIT_MS } from './eventually.ts';

configure({ asyncUtilTimeout: ASYNC_WAIT_MS });
