"""Trick of the Rails' log: card ids ("BO9", "ERIE-EX", "R1", "pittsburgh") as printed on the cards."""

from __future__ import annotations

from games.trick_of_the_rails import cards
from ui.i18n import Translate
from ui.log import LogStyle, Names, keyed, plain


def card(value: object, t: Translate, names: Names) -> str:
    if not isinstance(value, str):
        return plain(value, t, names)
    if value in cards.CARD_COMPANY:
        return f"{cards.COMPANY_NAMES[cards.CARD_COMPANY[value]]} {cards.CARD_NUMBER[value]}"
    if value in cards.EXCHANGE_CARDS:
        return t("trick.exchange", company=cards.COMPANY_NAMES[cards.EXCHANGE_CARDS[value]])
    if value in cards.CITIES:
        return cards.CITIES[value][0]
    if value in cards.RESERVES:
        return t("trick.reserve", n=value[1:])
    return value


def company(value: object, t: Translate, names: Names) -> str:
    if isinstance(value, str) and value in cards.COMPANY_NAMES:
        return cards.COMPANY_NAMES[value]
    return plain(value, t, names)


LOG = LogStyle()
LOG.param("card_played trick_won share_taken card_removed reserve_replaced card_added", "card",
               card)
LOG.param("reserve_replaced", "reserve", card)
LOG.param("city_placed", "city", card)
LOG.param("locomotive_placed city_placed card_added", "company", company)
LOG.param("city_placed card_added", "end", keyed("trick.end."))
LOG.variant("locomotive_placed", lambda event: "automatic" if event.get("automatic") else None)
