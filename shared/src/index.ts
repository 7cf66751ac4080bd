export * from './accounts';
export * from './api';
export * from './constants';
export * from './domain';
export * from './realtime';
export * from './roles';
export * from './texts';
