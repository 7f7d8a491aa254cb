import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

// Debian's headless Chromium as every page test launches it, and where they leave screenshots.

export const artifacts = join(import.meta.dirname, '..', 'test-artifacts');

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches /usr/bin/chromium headless, with test-artifacts/ ready for screenshots. */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(artifacts, { recursive: true });
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
}
