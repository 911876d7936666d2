import { PhotoFileInput } from '../../../components/photo-file-input';

/** Optional sign-up photo: files over 1,000,000 bytes or of another type are refused with a toast and not attached. */
export function PhotoInput({ value, onChange }: { value: File | null; onChange: (file: File | null) => void }) {
  return <PhotoFileInput description="Optional: .png, .jpg or .jpeg, at most 1 MB" placeholder="Choose a photo" value={value} onChange={onChange} />;
}
