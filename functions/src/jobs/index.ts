/** What other areas use of the jobs: their names and schedules (the /SystemSettings home lists them). */
export { jobDefinitions, type JobDefinition, type JobName } from './definitions';
