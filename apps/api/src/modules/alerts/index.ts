// The alerts context: price alerts that fire once when a pair's last price crosses them.
export { createAlertsService, alertView, type AlertsService } from './alerts.service.ts';
