import { MOCKED, webProject } from './vitest.config.ts';

// The web tests that replace a module with `vi.mock`, each in its own module graph and worker
// (vitest.config.ts).
export default webProject({ name: 'web-mocked', include: [MOCKED], isolate: true });
