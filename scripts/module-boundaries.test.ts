// The module boundaries of eslint.config.js fire: a module reaches another only through its index.ts,
// only down the dependency order (moduleLayers), and tests may reach any file.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The rules that fire for `code` as if it were the file at `filePath`. */
async function firing(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId?.startsWith('boundaries/')).map((m) => m.ruleId!);
}

const lines = (...imports: string[]) =>
  `${imports.join('\n')}\nexport const used = [${imports.map((_, i) => `a${i}`).join(', ')}];\n`;

describe('module boundaries', () => {
  it("refuses another module's internal file", async () => {
    const code = lines("import { createOrdersService as a0 } from '../orders/orders.service.ts';");
    expect(await firing('apps/api/src/modules/alerts/probe.ts', code)).toEqual(['boundaries/entry-point']);
  });

  it('refuses a module of a later layer (a cycle in the making)', async () => {
    const code = lines("import { createOrdersModule as a0 } from '../orders/index.ts';");
    expect(await firing('apps/api/src/modules/markets/probe.ts', code)).toEqual(['boundaries/element-types']);
  });

  it('refuses a module of the same layer', async () => {
    const code = lines("import { createSwapModule as a0 } from '../swap/index.ts';");
    expect(await firing('apps/api/src/modules/orders/probe.ts', code)).toEqual(['boundaries/element-types']);
  });

  it("allows an earlier module's index.ts and the module's own files", async () => {
    const code = lines(
      "import { requireMarket as a0 } from '../markets/index.ts';",
      "import { orderView as a1 } from './order-view.ts';",
    );
    expect(await firing('apps/api/src/modules/orders/probe.ts', code)).toEqual([]);
  });

  it("lets the composition root use index.ts only, and tests any module's files", async () => {
    const code = lines("import { createOrdersService as a0 } from './modules/orders/orders.service.ts';");
    expect(await firing('apps/api/src/probe.ts', code)).toEqual(['boundaries/entry-point']);
    expect(await firing('apps/api/src/probe.test.ts', code)).toEqual([]);
  });
});
