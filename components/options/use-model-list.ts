/**
 * The models offered by the server of the options, asked at moments the user chose (the page
 * opened on saved settings, a preset clicked, Save, Test connection), never while an address is
 * being typed: each keystroke would be a request to a partial address. The key goes with the
 * request only as the one rule says (lib/shared/store/key-destination.ts), over the no-redirect fetch.
 */
import { useRef, useState } from 'preact/hooks';
import { baseUrlProblem } from '@/lib/shared/servers/base-url';
import { keyFor } from '@/lib/shared/store/key-destination';
import type { SavedKeys } from '@/lib/shared/store/key-schema';
import { applyOriginRule } from '@/lib/shared/access/local-origin-rule';
import { fetchWithoutRedirects } from '@/lib/shared/servers/no-redirect';
import { listModels } from '@/lib/shared/servers/server-probe';
import { isLocalServer, isLoopback, type ServerApi, type ServerKind } from '@/lib/shared/servers/servers';

/** What a model list is asked of: the server, its address, and the keys kept by origin. */
export interface ListTarget {
  server: ServerKind;
  /** The API it is asked through: where its list is, and how the key goes with the request. */
  api: ServerApi;
  baseURL: string;
  /** The keys as the form holds them (the one typed for this origin included): only its own goes. */
  keys: SavedKeys;
}

export function useModelList(): { models: string[]; list: (target: ListTarget) => void; show: (models: string[]) => void } {
  const [models, setModels] = useState<string[]>([]);
  const asking = useRef<AbortController | null>(null);
  const list = (target: ListTarget) => {
    asking.current?.abort();
    const controller = new AbortController();
    asking.current = controller;
    setModels([]);
    const baseURL = target.baseURL.trim().replace(/\/+$/, '');
    if (baseUrlProblem(baseURL)) return;
    const key = keyFor({ server: target.server, baseURL }, target.keys);
    // The API lists nothing without its key; a server on this computer is asked without one.
    if (!key && !isLoopback(baseURL)) return;
    const local = isLocalServer({ server: target.server, baseURL });
    void (local ? applyOriginRule(baseURL).catch(() => false) : Promise.resolve(false))
      .then(() => listModels(fetchWithoutRedirects(), baseURL, target.server, key, controller.signal, target.api))
      .then((offered) => {
        if (!controller.signal.aborted) setModels(offered);
      })
      .catch(() => {});
  };
  const show = (offered: string[]) => {
    asking.current?.abort();
    setModels(offered);
  };
  return { models, list, show };
}
