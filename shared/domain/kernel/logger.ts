/**
 * One structured JSON logger per process (CloudWatch on AWS, stdout locally). Its level comes
 * from Powertools' own variables on Lambda (LOG_LEVEL, or Lambda's advanced logging controls);
 * a wiring started with settings sets the level of its configuration (shared/wiring/lazy.ts).
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: 'agent-readiness-api' });
