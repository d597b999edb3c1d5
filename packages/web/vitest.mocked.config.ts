import { MOCKED, UPLOADS_OUTLIVE, webProject } from './vitest.config.ts';

// The web tests that replace a module with `vi.mock`, and those whose uploads outlive them, each in its
// own module graph and worker (vitest.config.ts).
export default webProject({ name: 'web-mocked', include: [MOCKED, ...UPLOADS_OUTLIVE], isolate: true });
