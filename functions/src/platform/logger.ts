/**
 * One structured JSON logger per process (Powertools). Never log secrets, tokens or health data:
 * log identifiers and outcomes only.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: 'nutri' });
