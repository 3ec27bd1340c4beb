// The market-maker context: the house's participants, the ladder and the quoting service.
export { createMarketMaker, type MarketMaker } from './market-maker.service.ts';
export {
  PARTICIPANT_INVENTORY,
  ensureParticipant,
  fundParticipant,
  inventoryTarget,
  type ParticipantRole,
} from './participants.ts';
export { DEFAULT_LADDER, ladder, levelNotionalOf, type Quote } from './ladder.ts';
