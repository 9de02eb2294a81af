// Vitest globalSetup: starts the fake Google server in Node and hands its URL to the tests (inject).
import type { TestProject } from 'vitest/node';
import { startFakeGoogle } from './fake/server';

declare module 'vitest' {
  export interface ProvidedContext {
    fakeGoogleUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fake = await startFakeGoogle();
  project.provide('fakeGoogleUrl', fake.url);
  return fake.close;
}
