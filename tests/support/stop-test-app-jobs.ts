import { stopLastTestAppJobs } from '../server/helpers/test-app';

// A setup file of the projects that build test apps: after each file, its last app's job queue stops,
// so it cannot take the jobs of the next file on the worker's shared database (two-instances.test.ts
// lost mails to it).
afterAll(stopLastTestAppJobs);
