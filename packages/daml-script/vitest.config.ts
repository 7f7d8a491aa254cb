import { preset } from '../../vitest.preset.ts';

export default preset;
