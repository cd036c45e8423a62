import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SectionCard } from './section-card.tsx';

describe('SectionCard', () => {
  it('is a region named by its title, with the title as a level-2 heading and its description', () => {
    render(
      <SectionCard title={'Zabezpečení'} description={'Druhé ověření chrání tvůj účet.'}>
        <button type="button">{'Přidat'}</button>
      </SectionCard>,
    );
    const region = screen.getByRole('region', { name: 'Zabezpečení' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Zabezpečení' })).toBeVisible();
    expect(region).toHaveTextContent('Druhé ověření chrání tvůj účet.');
    expect(within(region).getByRole('button', { name: 'Přidat' })).toBeInTheDocument();
  });

  it('gives each card its own heading id, so two cards keep their own names', () => {
    render(
      <>
        <SectionCard title={'Údaje o účtu'} />
        <SectionCard title={'Tvoje data'} />
      </>,
    );
    expect(screen.getAllByRole('region')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Údaje o účtu' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tvoje data' })).toBeInTheDocument();
  });

  it('says when its content is busy, and says nothing about it otherwise', () => {
    const { rerender } = render(<SectionCard title={'Propojené aplikace'} busy />);
    expect(screen.getByRole('region', { name: 'Propojené aplikace' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    rerender(<SectionCard title={'Propojené aplikace'} busy={false} />);
    expect(screen.getByRole('region', { name: 'Propojené aplikace' })).toHaveAttribute(
      'aria-busy',
      'false',
    );
    rerender(<SectionCard title={'Propojené aplikace'} />);
    expect(screen.getByRole('region', { name: 'Propojené aplikace' })).not.toHaveAttribute(
      'aria-busy',
    );
  });

  it("is named by the caller's own heading with labelledBy, and renders no heading of its own", () => {
    render(
      <SectionCard labelledBy="app-name" busy>
        <h2 id="app-name">{'Kniha jízd'}</h2>
      </SectionCard>,
    );
    const region = screen.getByRole('region', { name: 'Kniha jízd' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(within(region).getAllByRole('heading')).toHaveLength(1);
  });

  it('shows its title but is no region when region is false, and none without a name', () => {
    render(
      <>
        <SectionCard title={'Oznámení'} region={false}>
          <p>{'Připomínky a tipy'}</p>
        </SectionCard>
        <SectionCard>
          <p>{'Jazyk'}</p>
        </SectionCard>
      </>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Oznámení' })).toBeVisible();
    expect(screen.queryAllByRole('region')).toHaveLength(0);
    expect(screen.getByText('Připomínky a tipy').closest('section')).not.toHaveAttribute(
      'aria-labelledby',
    );
  });
});
