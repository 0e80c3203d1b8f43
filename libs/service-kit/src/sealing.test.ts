import { describe, expect, it } from 'vitest';
import { mailSecrets } from './mail-secrets';
import { newSealingKey, parseSealingKeys, sealingBox } from './sealing';

describe('the sealing keyring', () => {
  const oldKey = newSealingKey('k1');
  const newKey = newSealingKey('k2');

  it('seals with the first key and opens with any key still in the ring (rotation)', () => {
    const before = sealingBox(parseSealingKeys(oldKey), 'test');
    const sealed = before.seal('request:7', '482913');
    expect(sealed.keyId).toBe('k1');
    expect(sealed.bytes.toString('latin1')).not.toContain('482913');

    const rotated = sealingBox(parseSealingKeys(`${newKey},${oldKey}`), 'test');
    expect(rotated.open('request:7', sealed)).toBe('482913');
    expect(rotated.seal('request:7', '1').keyId).toBe('k2');
    expect(rotated.macMatches('k1', 'x', before.mac('x').digest)).toBe(true);

    // Once the old key is dropped, what it sealed no longer opens: null, never a throw.
    const dropped = sealingBox(parseSealingKeys(newKey), 'test');
    expect(dropped.open('request:7', sealed)).toBeNull();
    expect(dropped.hasKey('k1')).toBe(false);
    expect(dropped.macMatches('k1', 'x', before.mac('x').digest)).toBe(false);
  });

  it('opens nothing moved to another context or purpose, or changed', () => {
    const box = sealingBox(parseSealingKeys(oldKey), 'test');
    const sealed = box.seal('request:7', '482913');
    expect(box.open('request:8', sealed)).toBeNull();
    expect(sealingBox(parseSealingKeys(oldKey), 'other').open('request:7', sealed)).toBeNull();
    const changed = Buffer.from(sealed.bytes);
    changed[changed.length - 1]! ^= 1;
    expect(box.open('request:7', { keyId: 'k1', bytes: changed })).toBeNull();
    expect(box.openText('request:7', 'garbage')).toBeNull();
    expect(box.openText('request:7', box.sealText('request:7', 'ok'))).toBe('ok');
  });

  it('refuses a malformed keyring at start', () => {
    for (const bad of ['', 'k1', 'k1:short', `${oldKey},${oldKey}`, 'bad id:AAAA'])
      expect(() => parseSealingKeys(bad)).toThrow(/SEALING_KEYS/);
  });

  it('seals an e-mail secret for its recipient alone', () => {
    const secrets = mailSecrets(oldKey);
    const sealed = secrets.seal('ngo@example.test', { handoverCode: '482913' });
    expect(JSON.stringify(sealed)).not.toContain('482913');
    const job = { to: 'ngo@example.test', data: { name: 'Nour' }, sealed };
    expect(secrets.open(job)).toEqual({ name: 'Nour', handoverCode: '482913' });
    expect(() => secrets.open({ ...job, to: 'someone@else.test' })).toThrow(/cannot be opened/);
  });
});
