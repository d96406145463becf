import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { makePost } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import UploadPostDialog from './upload-post-dialog';

const categories = { body: [{ id: 1, name: 'Italian' }, { id: 4, name: 'Indian' }, { id: 9, name: 'Korean' }] };
const photo = () => new File(['jpeg-bytes'], 'lasagna.jpg', { type: 'image/jpeg' });

function setup(routes: Parameters<typeof stubFetch>[0] = {}) {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({ 'GET /api/user': { body: sampleUser }, 'GET /api/categories': categories, ...routes });
  const onOpenChange = vi.fn();
  renderWithApp(<UploadPostDialog open onOpenChange={onOpenChange} />);
  return { api, onOpenChange, user: userEvent.setup() };
}

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
});

describe('UploadPostDialog', () => {
  it('checks the title with the specification’s messages and counts characters', async () => {
    const { user } = setup();
    expect(screen.getByRole('dialog', { name: 'Upload Your Plate' })).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, 'ab');
    await user.tab();
    expect(await screen.findByText('Title must be at least 3 characters')).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'x'.repeat(51));
    expect(await screen.findByText('Title cannot exceed 50 characters to maintain layout')).toBeInTheDocument();
    expect(screen.getByText('51/50')).toBeInTheDocument();
  });

  it("holds photos to the admin's lower limit, in the hint and the refusal", async () => {
    const { user } = setup({ 'GET /api/site': { body: { name: 'Plates', contactEmail: '', maxUploadBytes: 2 * 1024 * 1024 } } });
    expect(await screen.findByText('JPG, PNG or GIF (HEIC works too), up to 2MB')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Photo'), new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('File too large. Images must be 2MB or smaller.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share Plate' })).toBeDisabled();
  });

  it('keeps Share Plate disabled until a photo is chosen, refuses SVG and files over 5MB, and removes a photo', async () => {
    const { user } = setup();
    const submit = screen.getByRole('button', { name: 'Share Plate' });
    expect(submit).toBeDisabled();
    const input = screen.getByLabelText('Photo');

    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('SVG images are not allowed. Please choose a JPG, PNG or GIF photo.')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('File too large. Images must be 5MB or smaller.')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.upload(input, photo());
    expect(screen.getByRole('img', { name: 'Preview of the selected photo' })).toHaveAttribute('src', 'blob:preview');
    expect(submit).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Photo removed.')).toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
    expect(submit).toBeDisabled();
  });

  it('does not ask for the position when it opens, only when Detect is tapped', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback, _error?: PositionErrorCallback, _options?: PositionOptions) =>
      ok({ coords: { latitude: 41.15, longitude: -8.61 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
    const { api, user } = setup({ 'GET /api/geocode/reverse': { body: { location: 'Porto, Portugal' } } });
    expect(await screen.findByRole('checkbox', { name: 'Italian' })).toBeInTheDocument();
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(api.callsTo('GET', '/api/geocode/reverse')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Location (optional)' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Detect my location' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Location (optional)' })).toHaveValue('Porto, Portugal'));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(getCurrentPosition.mock.calls[0]![2]).toEqual({ enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 });
    const geocode = api.callsTo('GET', '/api/geocode/reverse')[0]!;
    expect(geocode.url.searchParams.get('lat')).toBe('41.15');
    expect(geocode.url.searchParams.get('lon')).toBe('-8.61');
  });

  it('leaves the field empty with Unknown location as its placeholder when detection fails, and sends no location', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
    const { api, user } = setup({ 'POST /api/posts': { status: 201, body: makePost({ location: null }) } });
    await user.click(screen.getByRole('button', { name: 'Detect my location' }));
    expect(await screen.findByText('Location detection failed')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Location (optional)' });
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('placeholder', 'Unknown location');
    expect(screen.getByText(/Location access denied by user/)).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Photo'), photo());
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Lasagna');
    await user.click(screen.getByRole('button', { name: 'Share Plate' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/posts')).toHaveLength(1));
    expect((api.callsTo('POST', '/api/posts')[0]!.body as FormData).get('location')).toBeNull();
  });

  it('keeps a place typed while detecting, and detects again after a closed dialog reopens', async () => {
    let answer!: (position: GeolocationPosition) => void;
    const getCurrentPosition = vi.fn((ok: PositionCallback) => (answer = ok));
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
    localStorage.setItem('auth_token', 't');
    stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/categories': categories,
      'GET /api/geocode/reverse': { body: { location: 'Porto, Portugal' } },
    });
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen(true)}>Reopen</button>
          <UploadPostDialog open={open} onOpenChange={setOpen} />
        </>
      );
    }
    renderWithApp(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Detect my location' }));
    expect(screen.getByRole('button', { name: 'Detect my location' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Location (optional)' }), 'Braga');
    answer({ coords: { latitude: 41.15, longitude: -8.61 } } as GeolocationPosition);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Detect my location' })).toBeEnabled());
    expect(screen.getByRole('textbox', { name: 'Location (optional)' })).toHaveValue('Braga');

    // Closed mid-detection and opened again: the button is not stuck on "detecting".
    await user.click(screen.getByRole('button', { name: 'Detect my location' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    answer({ coords: { latitude: 41.15, longitude: -8.61 } } as GeolocationPosition);
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Location (optional)' })).toHaveValue('Porto, Portugal'));
    expect(screen.getByRole('button', { name: 'Detect my location' })).toBeEnabled();
  });

  it("counts the geocoder's 'Unknown location' answer as a failure, and a browser without geolocation too", async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: 30, longitude: -40 } } as GeolocationPosition));
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
    const { user } = setup({ 'GET /api/geocode/reverse': { body: { location: 'Unknown location' } } });
    await user.click(screen.getByRole('button', { name: 'Detect my location' }));
    expect(await screen.findByText(/Failed to convert coordinates to location name/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Location (optional)' })).toHaveValue('');

    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
    await user.click(screen.getByRole('button', { name: 'Detect my location' }));
    expect(await screen.findByText(/Geolocation not supported by browser/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Location (optional)' })).toHaveValue('');
  });

  it.each([
    ['pending', 'Your plate has been submitted and is awaiting admin approval'],
    ['approved', 'Your plate has been posted'],
  ] as const)('uploads the multipart form and confirms a %s plate', async (approvalStatus, message) => {
    const { api, user, onOpenChange } = setup({
      'POST /api/posts': { status: 201, body: makePost({ approvalStatus }) },
    });
    await user.upload(screen.getByLabelText('Photo'), photo());
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '  Lasagna al forno ');
    await user.type(screen.getByRole('textbox', { name: 'Alt text (optional)' }), 'Layered lasagna in a dish');
    await user.click(await screen.findByRole('checkbox', { name: 'Italian' }));
    await user.click(screen.getByRole('checkbox', { name: 'Korean' }));
    await user.click(screen.getByRole('button', { name: 'Share Plate' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const body = api.callsTo('POST', '/api/posts')[0]!.body as FormData;
    expect(body.get('title')).toBe('Lasagna al forno');
    expect(body.get('altText')).toBe('Layered lasagna in a dish');
    expect(body.get('categoryIds')).toBe('1,9');
    expect(body.get('description')).toBeNull();
    expect((body.get('image') as File).name).toBe('lasagna.jpg');
  });

  it('checks the photo the moment it is chosen; a suggested cuisine’s tap ticks it, and posting never waits for the check', async () => {
    const { api, user } = setup({
      'POST /api/analysis/photo': {
        body: { quality: { score: 91, tips: [] }, food: { found: true, labels: ['bowl'] }, cuisines: [{ name: 'Korean', confidence: 0.64 }], nsfw: { held: false } },
      },
      'POST /api/posts': { status: 201, body: makePost({ approvalStatus: 'approved' }) },
    });
    await user.upload(screen.getByLabelText('Photo'), photo());
    const panel = screen.getByRole('region', { name: 'Photo check' });
    expect(await within(panel).findByText('Great photo')).toBeInTheDocument();
    const korean = within(panel).getByRole('button', { name: 'Korean, 64% match' });
    expect(screen.getByRole('checkbox', { name: 'Korean' })).not.toBeChecked();
    await user.click(korean);
    expect(screen.getByRole('checkbox', { name: 'Korean' })).toBeChecked();
    expect(korean).toHaveAttribute('aria-pressed', 'true');
    // unticking the box in the list unpresses the chip
    await user.click(screen.getByRole('checkbox', { name: 'Korean' }));
    expect(korean).toHaveAttribute('aria-pressed', 'false');
    await user.click(korean);

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Bibimbap');
    await user.click(screen.getByRole('button', { name: 'Share Plate' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/posts')).toHaveLength(1));
    expect((api.callsTo('POST', '/api/posts')[0]!.body as FormData).get('categoryIds')).toBe('9');
  });

  it('shows the server’s words when the upload fails', async () => {
    const { user } = setup({
      'POST /api/posts': { status: 400, body: { message: 'SVG not allowed', code: 'INVALID_FILE_TYPE' } },
    });
    await user.upload(screen.getByLabelText('Photo'), photo());
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Lasagna');
    await user.click(screen.getByRole('button', { name: 'Share Plate' }));
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('SVG files are not allowed for security reasons.')).toBeInTheDocument();
  });
});
