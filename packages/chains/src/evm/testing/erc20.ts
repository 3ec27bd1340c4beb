// A minimal ERC-20 for the EVM tests: OpenZeppelin's ERC20 (the npm package ships its sources; its
// ERC20 is abstract, so it has no deployable bytecode) compiled here by solc-js, offline. The compiled
// bytecode is kept for the process: every suite deploys the same contract.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

contract RoraTestToken is ERC20 {
    uint8 private immutable _places;

    constructor(string memory name_, string memory symbol_, uint8 places_, uint256 supply) ERC20(name_, symbol_) {
        _places = places_;
        _mint(msg.sender, supply);
    }

    function decimals() public view override returns (uint8) {
        return _places;
    }
}
`;

export interface CompiledContract {
  readonly abi: readonly unknown[];
  /** Creation bytecode, 0x-prefixed. */
  readonly bytecode: `0x${string}`;
}

let compiled: CompiledContract | undefined;

/** RoraTestToken(name, symbol, decimals, supply minted to the deployer). */
export function testTokenContract(): CompiledContract {
  if (compiled) return compiled;
  const solc = require('solc') as { compile(input: string, options: object): string };
  const openZeppelin = dirname(require.resolve('@openzeppelin/contracts/package.json'));
  const findImports = (path: string) => {
    const prefix = '@openzeppelin/contracts/';
    if (!path.startsWith(prefix)) return { error: `not found: ${path}` };
    return { contents: readFileSync(join(openZeppelin, path.slice(prefix.length)), 'utf8') };
  };
  const input = {
    language: 'Solidity',
    sources: { 'RoraTestToken.sol': { content: SOURCE } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contract = output.contracts?.['RoraTestToken.sol']?.RoraTestToken;
  if (!contract) throw new Error('solc produced no RoraTestToken');
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}
