// The portfolio context: the dashboard summary and the asset catalogue with prices.
export { createPortfolioService, type LoanHoldingsReader, type PortfolioService } from './portfolio.service.ts';
