/**
 * The browser host's photo storage: the bytes in the page's memory, by stored name. Photos are
 * gone after a reload (the database row keeps its name; the picture then answers 404). Copies are
 * kept, so a caller changing its buffer afterwards changes nothing here.
 */
export const memoryPhotoStore = () => {
  const photos = new Map<string, Uint8Array>();
  return {
    save: async (name: string, bytes: Uint8Array): Promise<void> => {
      if (photos.has(name)) throw new Error(`A photo named ${name} exists already`);
      photos.set(name, new Uint8Array(bytes)); // a copy (Buffer.slice would be a view)
    },
    read: async (name: string): Promise<Uint8Array | null> => photos.get(name)?.slice() ?? null,
    remove: async (name: string): Promise<void> => {
      photos.delete(name);
    },
  };
};
