import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { BITCOIN_PARAMS, p2wpkhAddress } from './codecs/bitcoin.ts';
import { evmAddressFromPublicKey } from './codecs/evm.ts';
import { solanaAddressFromPublicKey } from './codecs/solana.ts';
import { xrpAddressFromPublicKey } from './codecs/xrp.ts';
import { signMessage, verifyMessage } from './message-signing.ts';
import type { ChainId } from './networks.ts';

// BIP-322's own test vectors (P2WPKH, "Hello World" and the empty message).
const BIP322_ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
const BIP322_HELLO =
  'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=';
const BIP322_EMPTY =
  'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=';

describe('signed ownership messages', () => {
  it('verifies the BIP-322 test vectors of a P2WPKH address, and only for their message', () => {
    const vector = { chain: 'btc' as const, address: BIP322_ADDRESS, scheme: 'bip322-simple', publicKey: null };
    expect(verifyMessage({ ...vector, message: 'Hello World', signature: BIP322_HELLO })).toBe(true);
    expect(verifyMessage({ ...vector, message: '', signature: BIP322_EMPTY })).toBe(true);
    expect(verifyMessage({ ...vector, message: 'Hello World', signature: BIP322_EMPTY })).toBe(false);
  });

  const key = secp256k1.utils.randomSecretKey();
  const edKey = ed25519.utils.randomSecretKey();
  const cases: { chain: ChainId; address: string; privateKey: Uint8Array }[] = [
    { chain: 'btc', address: p2wpkhAddress(BITCOIN_PARAMS, secp256k1.getPublicKey(key, true)), privateKey: key },
    { chain: 'eth', address: evmAddressFromPublicKey(secp256k1.getPublicKey(key, true)), privateKey: key },
    { chain: 'xrp', address: xrpAddressFromPublicKey(secp256k1.getPublicKey(key, true)), privateKey: key },
    { chain: 'sol', address: solanaAddressFromPublicKey(ed25519.getPublicKey(edKey)), privateKey: edKey },
  ];
  it.each(cases)(
    'signs and verifies on $chain, and refuses another message or address',
    ({ chain, address, privateKey }) => {
      const message = 'Rora controls this address';
      const signed = signMessage({ chain, address, privateKey, message });
      expect(verifyMessage({ chain, address, message, ...signed })).toBe(true);
      expect(verifyMessage({ chain, address, message: `${message}.`, ...signed })).toBe(false);
      const other = cases.find((c) => c.chain === chain && c.address !== address)?.address ?? 'x';
      expect(verifyMessage({ chain, address: other, message, ...signed })).toBe(false);
      expect(
        verifyMessage({ chain, address, message, ...signed, signature: signed.signature.slice(0, -4) + 'AAAA' }),
      ).toBe(false);
    },
  );

  it('refuses to sign with a key that does not control the address', () => {
    expect(() =>
      signMessage({
        chain: 'eth',
        address: cases[1]!.address,
        privateKey: secp256k1.utils.randomSecretKey(),
        message: 'm',
      }),
    ).toThrow();
  });
});
