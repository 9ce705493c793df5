/**
 * The keys saved, one per server, in the options: "Key saved for api.openai.com" for each origin
 * that has one (and whether it still waits for the user's confirmation), each with its own Remove.
 * The keys themselves are never shown here; which server each goes to is (lib/shared/store/key-schema.ts).
 */
import type { SavedKeys } from '@/lib/shared/store/key-schema';
import { t } from '@/lib/shared/core/i18n';

/** The host of an origin as a person reads it (`api.openai.com`, `127.0.0.1:8080`). */
export function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin || t('anotherAddress');
  }
}

export interface SavedKeysListProps {
  keys: SavedKeys;
  onRemove: (origin: string) => void;
}

export function SavedKeysList({ keys, onRemove }: SavedKeysListProps) {
  const origins = Object.keys(keys).sort();
  if (origins.length === 0) return null;
  return (
    <ul class="saved-keys" aria-label={t('savedKeys')}>
      {origins.map((origin) => (
        <li key={origin}>
          <span>{t(keys[origin]!.confirmed ? 'keySavedFor' : 'keySavedUnconfirmed', hostOf(origin))}</span>{' '}
          <button type="button" aria-label={t('keyRemove', hostOf(origin))} onClick={() => onRemove(origin)}>
            {t('keyRemoveShort')}
          </button>
        </li>
      ))}
    </ul>
  );
}
