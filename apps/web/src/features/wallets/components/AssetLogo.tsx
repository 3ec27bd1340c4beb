// A coin's logo (shipped with the app under /assets/logos), decorative: the name is always beside it.
export function AssetLogo({ src, size = 32 }: { readonly src: string; readonly size?: number }) {
  return <img className="asset-logo" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />;
}
