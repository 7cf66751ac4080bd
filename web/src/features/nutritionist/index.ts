/** What other features and the app use of this feature. */
export { PatientIntake } from './components/patient-intake';
export { default as RemindersBell } from './components/reminders-bell';
