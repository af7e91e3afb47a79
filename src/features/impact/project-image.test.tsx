import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProjectImage } from './project-image';

afterEach(cleanup);

describe('ProjectImage', () => {
  it('shows the image, and the project name in a placeholder when it fails to load', () => {
    const { container } = render(<ProjectImage src="/media/projects/1.svg" name="REWILDING" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/projects/1.svg');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('image-placeholder').textContent).toBe('REWILDING');
  });

  it('shows the placeholder when there is no image', () => {
    render(<ProjectImage src={null} name="School Meals" />);
    expect(screen.getByTestId('image-placeholder').textContent).toBe('School Meals');
  });
});
