// Cards a reader could not read are a gap, reported the way an unreadable amount is: every reader
// ends its hand with report_unread_cards().
#pragma once

#include "model/hand.hpp"

namespace hh {

// One UNRECOGNISED_LINE gap (Hand::unread_outside_play) for each event whose printed cards hold a
// token that is neither a card nor an unknown card (888's localised "Kns", "7p"): no rank or
// suit is guessed, and no check judges those cards. The money checks still run: cards move none.
void report_unread_cards(Hand& hand);

}  // namespace hh
