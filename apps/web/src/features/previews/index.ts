// Honest screens for areas that are not open yet, with the account's state.
export { AreaPreview, type PreviewArea } from './components/AreaPreview.tsx';
