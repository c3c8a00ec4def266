/**
 * CDK CLI entry (cdk.json "app"). Deploy with e.g.
 * `npx cdk deploy --all -c stage=prod -c adminEmails=ops@example.com`; see docs/deploy.md.
 */
import { App } from 'aws-cdk-lib';
import { buildApp } from './build-app.ts';

const app = new App();
// The CLI (2.1148) asks the app to leave validation failures to it, then neither prints nor
// fails on them: keep the failure in the app so an unacknowledged cdk-nag finding stops synth.
app.node.setContext('@aws-cdk/core:failSynthOnValidationErrors', true);
buildApp(app);
app.synth();
