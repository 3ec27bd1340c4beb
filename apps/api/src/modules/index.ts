// Registers every module's routes under /api/v1, each with the services the core built (core.ts).
// The one place outside a module that imports its routes files; everything else uses index.ts.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Services } from '../core.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { passwordResetRoutes } from './auth/password-reset.routes.ts';
import { registrationRoutes } from './auth/registration.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { pinRoutes } from './users/pin.routes.ts';
import { securityRoutes } from './users/security.routes.ts';
import { userRoutes } from './users/users.routes.ts';
import { notificationRoutes } from './notifications/notifications.routes.ts';
import { realtimeRoutes } from './realtime/realtime.routes.ts';
import { countryGate } from './geo/country-gate.routes.ts';
import { geoRoutes } from './geo/geo.routes.ts';
import { devRoutes } from './dev/dev.routes.ts';
import { openapiRoutes } from './openapi/openapi.routes.ts';
import { kycRoutes } from './kyc/kyc.routes.ts';
import { kycDocumentRoutes } from './kyc/kyc-documents.routes.ts';
import { identityWebhookRoutes } from './kyc/identity-webhook.routes.ts';
import { walletRoutes } from './wallets/wallets.routes.ts';
import { faucetRoutes } from './wallets/faucet.routes.ts';
import { coldWalletRoutes } from './coldwallet/coldwallet.routes.ts';
import { portfolioRoutes } from './portfolio/portfolio.routes.ts';
import { swapRoutes } from './swap/swap.routes.ts';
import { onrampRoutes } from './onramp/onramp.routes.ts';
import { onrampWebhookRoutes } from './onramp/onramp-webhook.routes.ts';
import { sandboxWidgetRoutes } from './onramp/sandbox-widget/sandbox-widget.routes.ts';
import { alertsRoutes } from './alerts/alerts.routes.ts';
import { marketDataRoutes, venueRoutes } from './market-data/market-data.routes.ts';
import { shareOffer } from './market-data/index.ts';
import { ordersDevRoutes } from './orders/orders-dev.routes.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { ordersInternalRoutes } from './orders/orders-internal.routes.ts';
import { marketDataInternalRoutes } from './market-data/market-data-internal.routes.ts';
import { stakingDevRoutes, stakingRoutes } from './staking/staking.routes.ts';
import { lendingRoutes } from './lending/index.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { auditDevRoutes } from './audit/audit-dev.routes.ts';

export interface ModuleOptions {
  config: Config;
  services: Services;
}

export async function registerModules(app: FastifyInstance, options: ModuleOptions): Promise<void> {
  await app.register(
    async (api) => {
      await api.register(countryGate, options);
      await api.register(healthRoutes, options);
      await api.register(notificationRoutes, options);
      await api.register(realtimeRoutes, options);
      await api.register(geoRoutes, options);
      await api.register(devRoutes, options);
      await api.register(openapiRoutes, options);
      await api.register(registrationRoutes, options);
      await api.register(authRoutes, options);
      await api.register(passwordResetRoutes, options);
      await api.register(userRoutes, options);
      await api.register(securityRoutes, options);
      await api.register(pinRoutes, options);
      await api.register(kycRoutes, options);
      await api.register(kycDocumentRoutes, options);
      await api.register(identityWebhookRoutes, options);
      await api.register(walletRoutes, options);
      await api.register(faucetRoutes, options);
      await api.register(coldWalletRoutes, options);
      await api.register(portfolioRoutes, options);
      await api.register(swapRoutes, options);
      await api.register(onrampRoutes, options);
      await api.register(onrampWebhookRoutes, options);
      await api.register(sandboxWidgetRoutes, options);
      await api.register(auditRoutes, options);
      await api.register(auditDevRoutes, options);
      await api.register(lendingRoutes, options);
      await api.register(stakingRoutes, options);
      await api.register(stakingDevRoutes, options);
      const { markets } = options.services;
      await api.register(ordersRoutes(markets.orders.service));
      const offer = () =>
        shareOffer({ configured: options.config.SHARE_PAYMENT_ADDRESS, registry: options.services.chains });
      await api.register(marketDataRoutes(markets.marketData, offer));
      await api.register(venueRoutes(markets.marketData));
      await api.register(alertsRoutes(markets.alerts));
      if (options.config.devRoutes) await api.register(ordersDevRoutes(markets.orders, markets.db));
    },
    { prefix: '/api/v1' },
  );
  // Between replicas, outside the public API (ADR 0045).
  const { markets } = options.services;
  await app.register(ordersInternalRoutes(markets.orders));
  await app.register(marketDataInternalRoutes(markets.marketData, markets.orders.forwarding));
}
